import type { Metadata } from "next";

/** Staff pages are private: never indexed, never cached by a shared proxy. */
export const metadata: Metadata = { robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

export default function AdminLayout({ children }: { children: React.ReactNode }) {
  return children;
}
