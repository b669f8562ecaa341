"use server";

import { cookies } from "next/headers";
import { isLocale, localeCookieName, localeCookieOptions } from "./config";

export async function setLocale(locale: string): Promise<void> {
  if (!isLocale(locale)) return;
  (await cookies()).set(localeCookieName, locale, localeCookieOptions);
}
