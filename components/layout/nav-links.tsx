"use client";

import { PrefetchLink as Link } from "./prefetch-link";
import { usePathname } from "next/navigation";
import clsx from "clsx";
import { isActivePath } from "./nav";

export type NavItem = { href: string; label: string };

/**
 * The main links; client-side only because the highlight follows the current path. Plain clsx, not
 * cn: tailwind-merge would add 10 KB to every public page for classes that never conflict.
 */
export function NavLinks({ items, orientation = "horizontal" }: { items: NavItem[]; orientation?: "horizontal" | "vertical" }) {
  const pathname = usePathname();
  const vertical = orientation === "vertical";
  return (
    <ul className={clsx("flex", vertical ? "flex-col gap-1" : "items-center gap-0.5")}>
      {items.map((item) => {
        const active = isActivePath(pathname, item.href);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={active ? "page" : undefined}
              className={clsx(
                "block rounded-md font-medium whitespace-nowrap transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                vertical ? "px-3 py-2.5 text-base" : "px-2.5 py-1.5 text-sm xl:px-3",
                active ? "bg-secondary text-primary" : "text-foreground/80",
              )}
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
