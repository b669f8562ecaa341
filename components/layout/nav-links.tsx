"use client";

import { PrefetchLink as Link } from "./prefetch-link";
import { usePathname } from "next/navigation";
import { isActivePath } from "./nav";

export type NavItem = { href: string; label: string };

/**
 * The main links; client-side only because the highlight follows the current path (aria-current, which the
 * stylesheet's .nav-row and .nav-column style, app/styles/public-site.css).
 */
export function NavLinks({ items, orientation = "horizontal" }: { items: NavItem[]; orientation?: "horizontal" | "vertical" }) {
  const pathname = usePathname();
  const vertical = orientation === "vertical";
  return (
    <ul className={vertical ? "nav-column" : "nav-row"}>
      {items.map((item) => {
        const active = isActivePath(pathname, item.href);
        return (
          <li key={item.href}>
            <Link href={item.href} aria-current={active ? "page" : undefined}>
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
