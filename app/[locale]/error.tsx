"use client";

import Link from "next/link";
import { useErrorTexts } from "@/components/layout/error-texts";

/**
 * What a person sees when a page fails on the server: a translated apology, a way to try again, and a reference. The
 * reference is the error's digest, which the server's log line for that error carries beside the request id
 * (instrumentation.ts onRequestError), so support can find the request from what the caller reads out.
 */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const texts = useErrorTexts();
  if (!texts) return null;
  return (
    <main data-testid="error-page" className="mx-auto flex min-h-dvh w-full max-w-xl flex-col items-center justify-center px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{texts.title}</h1>
      <p className="mt-4 text-muted-foreground">{texts.text}</p>
      {error.digest ? (
        <p className="mt-4 font-mono text-sm" data-testid="error-reference">
          {texts.reference.replace("{reference}", error.digest)}
        </p>
      ) : null}
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <button type="button" data-slot="button" className={texts.retryClassName} onClick={reset}>
          {texts.retry}
        </button>
        <Link data-slot="button" className={texts.homeClassName} href={texts.homeHref}>
          {texts.home}
        </Link>
      </div>
    </main>
  );
}
