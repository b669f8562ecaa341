import { describe, expect, it } from "vitest";
import { clientIpFromHeaders, requestContextFromHeaders } from "./request";

const forwarded = (value: string) => new Headers({ "x-forwarded-for": value });

describe("clientIpFromHeaders", () => {
  it("behind one proxy (nginx appends what it saw): the last entry, whatever the client put in front", () => {
    expect(clientIpFromHeaders(forwarded("203.0.113.7"), 1)).toBe("203.0.113.7");
    // The client sent "X-Forwarded-For: 10.9.9.9"; nginx appended the real address.
    expect(clientIpFromHeaders(forwarded("10.9.9.9, 203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientIpFromHeaders(forwarded("1.1.1.1, 2.2.2.2, 10.9.9.9, 203.0.113.7"), 1)).toBe("203.0.113.7");
    expect(clientIpFromHeaders(forwarded(" 2001:db8::1 "), 1)).toBe("2001:db8::1");
  });

  it("behind two proxies (a CDN, then nginx): the entry the CDN wrote, second from the right", () => {
    expect(clientIpFromHeaders(forwarded("203.0.113.7, 198.51.100.20"), 2)).toBe("203.0.113.7");
    expect(clientIpFromHeaders(forwarded("10.9.9.9, 203.0.113.7, 198.51.100.20"), 2)).toBe("203.0.113.7");
  });

  it("a request that did not come through the proxies, or names nobody, is unknown", () => {
    expect(clientIpFromHeaders(forwarded("203.0.113.7"), 2)).toBe("unknown");
    expect(clientIpFromHeaders(forwarded(" , "), 1)).toBe("unknown");
    expect(clientIpFromHeaders(new Headers(), 1)).toBe("unknown");
    // X-Real-IP is no more trustworthy than the rest: not read.
    expect(clientIpFromHeaders(new Headers({ "x-real-ip": "198.51.100.4" }), 1)).toBe("unknown");
  });

  it("with no proxy, the address Next.js wrote (the last entry)", () => {
    expect(clientIpFromHeaders(forwarded("127.0.0.1"), 0)).toBe("127.0.0.1");
  });

  it("caps an overlong entry", () => {
    expect(clientIpFromHeaders(forwarded("9".repeat(500)), 1).length).toBe(64);
  });

  it("adds the user agent", () => {
    expect(requestContextFromHeaders(new Headers({ "user-agent": "Mozilla/5.0 (Linux; Android 10)" }), 1)).toEqual({
      ip: "unknown",
      userAgent: "Mozilla/5.0 (Linux; Android 10)",
    });
    expect(requestContextFromHeaders(new Headers(), 1).userAgent).toBeNull();
  });
});
