import os from "node:os";

/**
 * Hosts besides localhost that may load `npm run dev`'s scripts (Next.js refuses its dev resources to any
 * other origin): 127.0.0.1 and this machine's LAN addresses, the one `next dev` prints as "Network" among
 * them, so the app can be tried from a phone on the same network.
 */
export function devOrigins(interfaces: ReturnType<typeof os.networkInterfaces> = os.networkInterfaces()): string[] {
  const lan = Object.values(interfaces)
    .flat()
    .filter((a) => a !== undefined && !a.internal && a.family === "IPv4")
    .map((a) => a!.address);
  return [...new Set(["127.0.0.1", ...lan])];
}
