"use client";

import { LogIn } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { STATUS_HREF } from "./nav";

export type LoginLabels = { login: string; title: string; text: string; track: string; close: string };

/**
 * Customers have no accounts yet (the spec leaves the Login action unspecified), so the button
 * explains that and points to the application-status page instead of a dead end.
 */
export function LoginButton({ labels, className }: { labels: LoginLabels; className?: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="ghost" size="sm" className={className} data-testid="login-button">
          <LogIn aria-hidden />
          {labels.login}
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="login-dialog" closeLabel={labels.close}>
        <DialogHeader>
          <DialogTitle>{labels.title}</DialogTitle>
          <DialogDescription className="leading-relaxed">{labels.text}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {labels.close}
            </Button>
          </DialogClose>
          <DialogClose asChild>
            <Button asChild>
              <Link href={STATUS_HREF}>{labels.track}</Link>
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
