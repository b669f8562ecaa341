/**
 * 403 for forbidden() outside app/[locale], where no page calls it (pages have app/[locale]/forbidden.tsx). Without
 * this file Next.js embeds its own, larger English page in the RSC payload of every page; there is no locale here, so
 * it says it in both languages, as app/not-found.tsx does.
 */
export default function RootForbidden() {
  return (
    <html lang="bn">
      <body>
        <h1>
          ৪০৩ · প্রবেশাধিকার নেই · <span lang="en">403 Forbidden</span>
        </h1>
      </body>
    </html>
  );
}
