/**
 * 401 for unauthorized(), which no page calls (sign-in is a redirect). Without this file Next.js embeds its own,
 * larger English page in the RSC payload of every page (see app/forbidden.tsx).
 */
export default function RootUnauthorized() {
  return (
    <html lang="bn">
      <body>
        <h1>
          ৪০১ · সাইন ইন প্রয়োজন · <span lang="en">401 Sign-in required</span>
        </h1>
      </body>
    </html>
  );
}
