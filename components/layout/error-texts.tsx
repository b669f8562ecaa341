"use client";

import { createContext, useContext } from "react";

export type ErrorTexts = {
  title: string;
  text: string;
  reference: string;
  retry: string;
  home: string;
  /** The home page in the page's language. */
  homeHref: string;
  /** The two buttons' classes, made on the server: the button's variant code (and its class merger) stays off every page's JavaScript. */
  retryClassName: string;
  homeClassName: string;
};

const ErrorTextsContext = createContext<ErrorTexts | null>(null);

/**
 * The error page's words, translated on the server by the locale layout and handed down in a context: the error
 * boundary (app/[locale]/error.tsx) is a client component, and the layout keeps next-intl's client provider off
 * every page (see there).
 */
export function ErrorTextsProvider({ texts, children }: { texts: ErrorTexts; children: React.ReactNode }) {
  return <ErrorTextsContext.Provider value={texts}>{children}</ErrorTextsContext.Provider>;
}

export function useErrorTexts(): ErrorTexts | null {
  return useContext(ErrorTextsContext);
}
