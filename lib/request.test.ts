import { describe, expect, it } from "vitest";
import { clientIpFromHeaders, requestContextFromHeaders } from "./request";

describe("clientIpFromHeaders", () => {
  it("takes the first hop of X-Forwarded-For", () => {
    expect(clientIpFromHeaders(new Headers({ "x-forwarded-for": "203.0.113.7, 10.0.0.1", "x-real-ip": "10.0.0.1" }))).toBe("203.0.113.7");
    expect(clientIpFromHeaders(new Headers({ "x-forwarded-for": " 2001:db8::1 " }))).toBe("2001:db8::1");
  });

  it("falls back to X-Real-IP, then to unknown", () => {
    expect(clientIpFromHeaders(new Headers({ "x-real-ip": "198.51.100.4" }))).toBe("198.51.100.4");
    expect(clientIpFromHeaders(new Headers({ "x-forwarded-for": " , 10.0.0.1", "x-real-ip": "198.51.100.4" }))).toBe("198.51.100.4");
    expect(clientIpFromHeaders(new Headers())).toBe("unknown");
  });

  it("caps a forged, overlong address", () => {
    expect(clientIpFromHeaders(new Headers({ "x-forwarded-for": "9".repeat(500) })).length).toBe(64);
  });

  it("adds the user agent", () => {
    expect(requestContextFromHeaders(new Headers({ "user-agent": "Mozilla/5.0 (Linux; Android 10)" }))).toEqual({
      ip: "unknown",
      userAgent: "Mozilla/5.0 (Linux; Android 10)",
    });
    expect(requestContextFromHeaders(new Headers()).userAgent).toBeNull();
  });
});
