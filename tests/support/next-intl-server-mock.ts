/**
 * next-intl's request-scoped server API for route handlers under Vitest: the messages of the locale in
 * `intlState` (English unless a test switches it), for both call forms of getTranslations.
 */
import { createTranslator } from "next-intl";
import bn from "@/messages/bn.json";
import en from "@/messages/en.json";
import type { Locale } from "@/i18n/config";

export const intlState: { locale: Locale } = { locale: "en" };

type Options = string | undefined | { locale?: Locale; namespace?: string };

export async function getLocale(): Promise<Locale> {
  return intlState.locale;
}

export async function getTranslations(options?: Options) {
  const locale = (typeof options === "object" && options.locale) || intlState.locale;
  const namespace = typeof options === "object" ? options.namespace : options;
  return createTranslator({ locale, messages: locale === "bn" ? bn : en, namespace: namespace as never });
}
