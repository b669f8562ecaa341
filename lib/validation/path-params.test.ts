import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applicationReferenceField } from "@/lib/applications/review-schemas";
import { kycDocumentIdField } from "@/lib/kyc/schemas";
import { loanNumberField } from "@/lib/loans/schemas";
import { paymentNumberField } from "@/lib/repayments/schemas";
import { knownServerActionIds, refuseForeignActionRequest, refuseUnreadableAddress } from "@/lib/security/request-hygiene";
import { recordId } from "./fields";
import { MAX_PATH_PARAM_LENGTH, notFoundResponse, pagePathParams, parsePathParam, parsePathParams, printable } from "./path-params";

/** What an attacker's walk puts in a segment (as Next.js hands it over: percent-decoded). */
const HOSTILE = [
  "PAY-100001\u0000",
  "LN-000101\u0000",
  "\u0000",
  "..",
  ".",
  "a/../b",
  "LN-000101/..",
  "..\\..",
  "x".repeat(5000),
  "",
  "LN-1\n",
];
/** Other scripts' digits: no code of this app (LN-…, PAY-…, LB-…) has them; an opaque record id is looked up and not found. */
const OTHER_DIGITS = ["LN-০১২", "LN-٠١٢", "LN-०१२", "PAY-\u0661\u0662", "LB১৭৯৫৩৩৬২০০১২৩"];

describe("parsePathParam", () => {
  it("reads each id by the forms' rule", () => {
    expect(parsePathParam(loanNumberField, "LN-000101")).toBe("LN-000101");
    expect(parsePathParam(paymentNumberField, "PAY-100001")).toBe("PAY-100001");
    expect(parsePathParam(recordId, "cm9k2abc")).toBe("cm9k2abc");
    expect(parsePathParam(kycDocumentIdField, "clx0k1y2z0000")).toBe("clx0k1y2z0000");
    expect(parsePathParam(applicationReferenceField, "LB1795336200123")).toBe("LB1795336200123");
    // A reference read as /status reads one: the stored form.
    expect(parsePathParam(applicationReferenceField, "lb-7k3q-9m2x")).toBeNull();
  });

  it("never throws, and answers null for every hostile value, whatever the rule", () => {
    for (const rule of [loanNumberField, paymentNumberField, recordId, kycDocumentIdField, applicationReferenceField]) {
      for (const value of HOSTILE) expect(parsePathParam(rule, value), `${JSON.stringify(value.slice(0, 20))}`).toBeNull();
    }
    for (const rule of [loanNumberField, paymentNumberField]) for (const value of OTHER_DIGITS) expect(parsePathParam(rule, value)).toBeNull();
    expect(parsePathParam(recordId, "০১২")).toBe("০১২");
  });

  it("refuses a control character, a slash or an over-long value anywhere, even where the rule would take it", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), fc.constantFrom("\u0000", "\u001f", "\u007f", "/", "\\"), fc.nat(60), (text, bad, at) => {
        const value = text.slice(0, at) + bad + text.slice(at);
        expect(parsePathParam(recordId, value)).toBeNull();
      }),
    );
    expect(parsePathParam(recordId, "a".repeat(64))).toBe("a".repeat(64));
    expect(parsePathParam(recordId, "a".repeat(MAX_PATH_PARAM_LENGTH + 1))).toBeNull();
    // Not a string (a catch-all's array, a missing segment).
    expect(parsePathParam(recordId, ["a"])).toBeNull();
    expect(parsePathParam(recordId, undefined)).toBeNull();
  });
});

describe("parsePathParams and pagePathParams", () => {
  it("gives every segment's value, or null when any one fails", async () => {
    const rules = { societyId: recordId, memberId: recordId };
    expect(await parsePathParams(Promise.resolve({ societyId: "s1", memberId: "m1" }), rules)).toEqual({ societyId: "s1", memberId: "m1" });
    expect(await parsePathParams(Promise.resolve({ societyId: "s1", memberId: "m1\u0000" }), rules)).toBeNull();
    expect(await parsePathParams({ societyId: "s1" }, rules)).toBeNull();
  });

  it("sends a page to its not-found page (Next's notFound()), not an exception of its own", async () => {
    expect(await pagePathParams({ loanNumber: "LN-000101" }, { loanNumber: loanNumberField })).toEqual({ loanNumber: "LN-000101" });
    const refused = await pagePathParams({ loanNumber: "LN-1\u0000" }, { loanNumber: loanNumberField }).catch((error: unknown) => error);
    expect((refused as { digest?: string }).digest).toMatch(/HTTP_ERROR_FALLBACK;404/);
  });

  it("answers route handlers a plain, uncached 404", async () => {
    const response = notFoundResponse();
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await response.text()).toBe("Not found");
  });

  it("makes any text safe for a log line or an audit row", () => {
    expect(printable("/a\u0000b\nc")).toBe("/a?b?c");
    expect(printable("x".repeat(5000))).toHaveLength(300);
    expect(printable("abc", 2)).toBe("ab");
  });
});

describe("refuseForeignActionRequest (the proxy's server-action hygiene)", () => {
  const id = "40d597f7cb63a44d4f7867173731b1e36df40394fa";
  const post = (headers: Record<string, string>, method = "POST") => new Request("http://127.0.0.1:3000/account", { method, headers: { host: "127.0.0.1:3000", ...headers } });

  it("lets reads, same-origin posts and known actions through", () => {
    expect(refuseForeignActionRequest(post({ origin: "https://evil.example" }, "GET"), null)).toBeNull();
    expect(refuseForeignActionRequest(post({ origin: "http://127.0.0.1:3000", "next-action": id }), new Set([id]))).toBeNull();
    expect(refuseForeignActionRequest(post({ "next-action": id }), null)).toBeNull();
    // A form posted without JavaScript carries its action in the body: nothing to check here.
    expect(refuseForeignActionRequest(post({ origin: "http://127.0.0.1:3000", "content-type": "multipart/form-data; boundary=x" }), new Set())).toBeNull();
  });

  it("answers 403 to another site's post, an unreadable Origin and a cross-site page", () => {
    const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: "null" }, { origin: "garbage" }, { "sec-fetch-site": "cross-site" }];
    for (const headers of foreign) {
      expect(refuseForeignActionRequest(post({ ...headers, "next-action": id }), null)?.status).toBe(403);
    }
    expect(refuseForeignActionRequest(post({ origin: "https://evil.example", "content-type": "multipart/form-data; boundary=x" }), null)?.status).toBe(403);
  });

  it("answers 404, with Next's action-not-found header, to an id that is no action", () => {
    for (const actionId of ["garbled", "", "x".repeat(42), id.toUpperCase(), `${id}0`]) {
      const refused = refuseForeignActionRequest(post({ "next-action": actionId }), null);
      expect(refused?.status).toBe(404);
      expect(refused?.headers.get("x-nextjs-action-not-found")).toBe("1");
    }
    expect(refuseForeignActionRequest(post({ "next-action": "0".repeat(42) }), new Set([id]))?.status).toBe(404);
  });

  it("does not check ids by the build outside a production server", () => {
    expect(knownServerActionIds()).toBeNull();
  });
});

describe("refuseUnreadableAddress", () => {
  it("answers 400 to an address that does not decode, 404 to one with a control character, and lets every other through", () => {
    for (const bad of ["/%ZZ", "/%", "/a%4", "/%FF", "/%C0%AF", "/loans/%E0%A6", "/account/api/loans/%E0/schedule.pdf"]) expect(refuseUnreadableAddress(bad)?.status).toBe(400);
    for (const fine of ["/", "/loans", "/a%2Fb", "/%E0%A7%A6", "/society-manager/c1abc"]) expect(refuseUnreadableAddress(fine)).toBeNull();
    for (const control of ["/%00", "/society-manager/c1abc%00", "/a%0Ab", "/%7F"]) expect(refuseUnreadableAddress(control)?.status).toBe(404);
  });
});
