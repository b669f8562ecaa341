/** Collects every Content Security Policy violation any page of a browser context reports. */
import type { BrowserContext } from "@playwright/test";

export async function watchCspViolations(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  // The page's own event (what the policy blocked) and Chromium's console line for it, from every tab.
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} on ${location.pathname}`);
    });
  });
  context.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text)) seen.push(`${message.page()?.url() ?? "?"}: ${text}`);
  });
  return seen;
}
