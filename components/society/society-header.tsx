"use client";

import { LogOut, ShieldCheck, Smartphone } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { ActionErrorAlert } from "@/components/admin/forms";
import { LanguageToggle } from "@/components/layout/language-toggle";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { Locale } from "@/i18n/config";
import type { ActionError } from "@/lib/auth/action-result";
import { signOutStaff } from "@/lib/auth/sign-in-actions";
import { signOutClearingFieldData } from "@/components/society/field/sign-out";
import { enterSocietyAdminAction, leaveSocietyAdminAction } from "@/lib/society/actions";
import { fieldPagePath } from "@/lib/society/field/app-shell";
import { SOCIETY_HOME } from "@/lib/society/tabs";

/**
 * The society screen's header (spec): society name, language toggle, and the admin state. Signed-in
 * staff see their access level and sign out; in prototype mode an "Admin login" asks for the shared
 * password (Enter submits) and Logout drops back to a visitor.
 */
export function SocietyHeader({
  societyId,
  name,
  access,
  compat,
  signedIn,
  otherLocale,
  otherLocaleLabel,
  accountId,
  discardFieldData,
}: {
  societyId: string;
  name: string;
  access: "admin" | "user";
  compat: boolean;
  signedIn: boolean;
  otherLocale: Locale;
  otherLocaleLabel: string;
  /** The signed-in staff account (its field app copy leaves the phone at sign-out). */
  accountId: string | null;
  /** The question asked before collections that could not be sent leave the phone with the sign-out. */
  discardFieldData: string;
}) {
  const t = useTranslations("society");
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const isAdmin = access === "admin";

  const logout = () =>
    startTransition(async () => {
      if (compat && isAdmin) {
        await leaveSocietyAdminAction(societyId, {});
        router.refresh();
      } else {
        await (accountId ? signOutClearingFieldData(accountId, discardFieldData) : signOutStaff());
      }
    });

  return (
    <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-3 py-2 sm:px-4">
        <div className="min-w-0 flex-1">
          <Link href={SOCIETY_HOME} className="text-xs text-muted-foreground hover:underline">
            {t("header.societies")}
          </Link>
          <h1 className="truncate text-base font-bold sm:text-lg" data-testid="society-name">
            {name}
          </h1>
        </div>
        {isAdmin ? (
          <Badge className="gap-1" data-testid="admin-badge">
            <ShieldCheck aria-hidden className="size-3" />
            {t("header.admin")}
          </Badge>
        ) : signedIn ? (
          <Badge variant="secondary">{t("access.user")}</Badge>
        ) : null}
        {/* A plain link: the field app loads as its own page, which installs and opens offline. */}
        <a href={fieldPagePath(societyId)} className={buttonVariants({ variant: "outline", size: "sm" })} data-testid="open-field-app">
          <Smartphone aria-hidden />
          <span className="hidden sm:inline">{t("header.fieldApp")}</span>
          <span className="sr-only sm:hidden">{t("header.fieldApp")}</span>
        </a>
        <LanguageToggle targetLocale={otherLocale} label={otherLocaleLabel} />
        {compat && !isAdmin ? <AdminLoginDialog societyId={societyId} /> : null}
        {(compat && isAdmin) || (!compat && signedIn) ? (
          <Button variant="ghost" size="sm" onClick={logout} disabled={pending} data-testid="society-logout" aria-label={compat ? t("header.logout") : t("header.signOut")}>
            <LogOut aria-hidden />
            <span className="hidden sm:inline">{compat ? t("header.logout") : t("header.signOut")}</span>
          </Button>
        ) : null}
      </div>
    </header>
  );
}

/** Prototype mode: the shared admin password, checked on the server. */
function AdminLoginDialog({ societyId }: { societyId: string }) {
  const t = useTranslations("society");
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      const result = await enterSocietyAdminAction(societyId, { password });
      if (!result.ok) return setError(result.error);
      setError(null);
      setPassword("");
      setOpen(false);
      router.refresh();
    });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" data-testid="society-admin-login">
          {t("header.adminLogin")}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("dialogs.close")}>
        <DialogHeader>
          <DialogTitle>{t("dialogs.adminLogin.title")}</DialogTitle>
          <DialogDescription>{t("dialogs.adminLogin.description")}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-3">
          <div className="space-y-1.5">
            <Label htmlFor="society-admin-password">{t("dialogs.adminLogin.password")}</Label>
            <Input id="society-admin-password" type="password" autoFocus value={password} onChange={(e) => setPassword(e.target.value)} />
          </div>
          <ActionErrorAlert error={error} />
          <DialogFooter>
            <Button type="submit" disabled={pending || password.length === 0}>
              {t("dialogs.adminLogin.submit")}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
