import Link from "next/link";
import "./globals.css";

/**
 * 404 for URLs the proxy does not rewrite into app/[locale] (an unknown route-handler path such as
 * /admin/api/…): there is no locale there, so it says it in both languages.
 */
export default function GlobalNotFound() {
  return (
    // The web font from the start (no script: Next.js puts this page into every page's payload; lib/web-font.ts).
    <html lang="bn" data-web-font="">
      <body className="flex min-h-dvh flex-col items-center justify-center gap-2 px-4 text-center">
        <h1 className="text-2xl font-bold">৪০৪ · 404</h1>
        <p lang="bn">পাতাটি পাওয়া যায়নি।</p>
        <p lang="en">Page not found.</p>
        <Link href="/" className="mt-4 text-primary underline">
          প্রথম পাতা · <span lang="en">Home</span>
        </Link>
      </body>
    </html>
  );
}
