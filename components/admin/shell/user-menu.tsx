"use client";

import { ChevronDown, Globe, LogOut, UserCog, Users } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { SOCIETY_MANAGER_HREF } from "@/components/layout/nav";
import { signOutClearingFieldData } from "@/components/society/field/sign-out";

type Labels = { menu: string; profile: string; societyManager: string; customerPortal: string; signOut: string; discardFieldData: string };

export function UserMenu({ accountId, name, roleBadge, labels }: { accountId: string; name: string; roleBadge: React.ReactNode; labels: Labels }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* Named by what it shows (the person's name) first, then what it opens: the visible text is in the name. */}
        <Button variant="ghost" size="sm" data-testid="user-menu" className="gap-1">
          <span className="max-w-32 truncate">{name}</span>
          <span className="sr-only">, {labels.menu}</span>
          <ChevronDown className="size-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="space-y-1">
          <span className="block truncate">{name}</span>
          {roleBadge}
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link href="/admin/profile">
            <UserCog aria-hidden />
            {labels.profile}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={SOCIETY_MANAGER_HREF}>
            <Users aria-hidden />
            {labels.societyManager}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href="/">
            <Globe aria-hidden />
            {labels.customerPortal}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" data-testid="sign-out" onSelect={() => void signOutClearingFieldData(accountId, labels.discardFieldData)}>
          <LogOut aria-hidden />
          {labels.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
