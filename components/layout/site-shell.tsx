import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Header, page and footer; shared by the (public) layout and the root not-found page. */
export function SiteShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
