// The floor of the benchmarks: the smallest page Next.js serves (no fonts, no CSS, no client components).
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
