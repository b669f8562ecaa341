import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { defaultLocale, isLocale, localeCookieName } from "./config";

// Spec routes have no locale prefix (/apply, /admin/login): the language lives in a cookie.
export default getRequestConfig(async () => {
  const stored = (await cookies()).get(localeCookieName)?.value;
  const locale = isLocale(stored) ? stored : defaultLocale;
  return {
    locale,
    timeZone: "Asia/Dhaka",
    messages: (await import(`../messages/${locale}.json`)).default,
  };
});
