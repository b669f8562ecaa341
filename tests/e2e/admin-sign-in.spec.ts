/**
 * Two-step staff sign-in in the browser: the seeded loan officer with a code computed from the seeded
 * secret, the spec's error messages, enrolment of a new staff account created on the Staff page, and
 * sign-out ending the session.
 */
import { expect, test } from "@playwright/test";
import { currentTotp } from "../../lib/auth/totp";
import { dbQuery, noSidewaysScroll, useEnglish } from "./support";
import { DEMO_PASSWORD, demoSecret, demoStaff, sessionCookieFor, signInThroughScreen } from "./staff";

test("the loan officer signs in with phone, password and code (Bengali), then signs out", async ({ page }) => {
  const officer = demoStaff("loan_officer");
  await signInThroughScreen(page, officer.phone.replace("+88", ""), DEMO_PASSWORD, demoSecret("loan_officer"));
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByTestId("staff-name").first()).toHaveText(officer.name);
  await expect(page.getByTestId("role-badge").first()).toHaveText("ঋণ কর্মকর্তা");

  await page.getByTestId("user-menu").click();
  await page.getByTestId("sign-out").click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login/);
});

test("wrong password and wrong code get the spec's messages; editing clears them; Back to sign-in returns", async ({ page }) => {
  await useEnglish(page);
  const staff = demoStaff("account_manager");
  await page.goto("/admin/login");
  await expect(page.getByTestId("demo-credentials")).toHaveCount(0);
  await page.locator("#phone").fill(staff.phone);
  await page.locator("#password").fill("not-the-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("login-error")).toHaveText("Invalid phone number or password. Please try again.");
  await page.locator("#password").fill(DEMO_PASSWORD);
  await expect(page.getByTestId("login-error")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign in" }).click();

  await expect(page.getByTestId("code-step")).toBeVisible();
  const code = page.locator("#code");
  await code.fill("১২৩৪৫৬৭৮");
  await expect(code).toHaveValue("123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("login-error")).toHaveText("Invalid 2FA code. Please try again.");
  await page.getByRole("button", { name: "Back to sign-in" }).click();
  await expect(page.getByTestId("password-step")).toBeVisible();
});

test("a new staff member created on the Staff page enrols two-step verification at first sign-in", async ({ browser }) => {
  const adminContext = await browser.newContext();
  await sessionCookieFor(adminContext, "super_admin");
  const admin = await adminContext.newPage();
  await useEnglish(admin);
  await admin.goto("/admin/users");
  const phone = `0171${String(Date.now()).slice(-7)}`;
  await admin.getByTestId("add-staff").click();
  const form = admin.getByTestId("create-staff-form");
  await form.locator("#staff-name").fill("Rafiq Uddin");
  await form.locator("#staff-phone").fill(phone);
  await form.locator("#staff-role").selectOption("kyc_officer");
  await form.locator("#staff-password").fill("short");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByText("The password must be at least 8 characters")).toBeVisible();
  await form.locator("#staff-password").fill("Welcome-2026");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(admin.locator(`[data-testid=staff-row][data-phone="+88${phone}"]`)).toContainText("Not set up");
  await adminContext.close();

  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await noSidewaysScroll(page, 360);
  await page.locator("#phone").fill(phone);
  await page.locator("#password").fill("Welcome-2026");
  await page.getByTestId("password-step").locator("button[type=submit]").click();
  await expect(page.getByTestId("enrol-qr").locator("svg")).toBeVisible();
  const secret = (await page.getByTestId("enrol-secret").innerText()).replace(/\s/g, "");
  await page.locator("#code").fill(await currentTotp(secret));
  await page.getByTestId("enrol-step").locator("button[type=submit]").click();
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  await page.getByTestId("recovery-codes").getByRole("button").click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await expect(page.getByTestId("staff-name").first()).toBeAttached();
  await page.getByTestId("admin-menu-button").click();
  await expect(page.getByRole("dialog").getByTestId("admin-nav")).toBeVisible();
  await noSidewaysScroll(page, 360);
  const [row] = await dbQuery<{ twoFactorEnabled: boolean }>(`SELECT "twoFactorEnabled" FROM "StaffUser" WHERE "phone" = $1`, [`+88${phone}`]);
  expect(row?.twoFactorEnabled).toBe(true);
  await context.close();
});
