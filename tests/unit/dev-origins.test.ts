import { describe, expect, it } from "vitest";
import { devOrigins } from "../../scripts/dev-origins";

const address = (address: string, family: "IPv4" | "IPv6", internal: boolean) => ({ address, family, internal, netmask: "", mac: "", cidr: null }) as never;

describe("devOrigins", () => {
  it("allows 127.0.0.1 and every external IPv4 address, not loopback or IPv6 ones", () => {
    const interfaces = {
      lo: [address("127.0.0.1", "IPv4", true), address("::1", "IPv6", true)],
      eth0: [address("192.168.1.23", "IPv4", false), address("fe80::1", "IPv6", false)],
      wlan0: [address("10.0.0.5", "IPv4", false)],
    };
    expect(devOrigins(interfaces)).toEqual(["127.0.0.1", "192.168.1.23", "10.0.0.5"]);
  });

  it("still allows 127.0.0.1 on a machine without a network", () => {
    expect(devOrigins({})).toEqual(["127.0.0.1"]);
  });
});
