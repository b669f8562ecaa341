/** A browser page signed in as a demo staff account, for the back office's screen tests. */
import { test, type Browser, type Page } from "@playwright/test";
import type { StaffRole } from "../../lib/generated/prisma/enums";
import { withAxe } from "./field-support";
import { sessionCookieFor } from "./staff";

/**
 * A page signed in as the demo account of `role`, at a phone's or a desk's width in one language, with axe-core loaded
 * for the accessibility checks.
 */
export async function staffPage(browser: Browser, role: StaffRole, screen: { width: number; language: "bn" | "en" }): Promise<Page> {
  const mobile = screen.width < 600;
  const context = await browser.newContext({ viewport: { width: screen.width, height: mobile ? 740 : 900 }, isMobile: mobile, hasTouch: mobile });
  await withAxe(context);
  await sessionCookieFor(context, role);
  await context.addCookies([{ name: "NEXT_LOCALE", value: screen.language, url: test.info().project.use.baseURL! }]);
  return context.newPage();
}
