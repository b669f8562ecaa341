"use client";

import { X } from "@/components/icons";
import { useId, useRef, type ReactNode } from "react";

/**
 * A modal on the browser's own <dialog>: focus stays inside, Esc closes it, the page behind is inert, and
 * the public pages ship no dialog library. The trigger's classes and the body arrive rendered by the
 * server. It closes on its close button, on the backdrop, on any link followed inside it, and on a
 * `<form method="dialog">` button (which needs no script of its own).
 */
export function ModalDialog({
  trigger,
  triggerClassName,
  triggerLabel,
  triggerTestId,
  title,
  closeLabel,
  className,
  testId,
  children,
}: {
  trigger: ReactNode;
  triggerClassName: string;
  /** Accessible name when the trigger shows only an icon. */
  triggerLabel?: string;
  triggerTestId?: string;
  title: string;
  closeLabel: string;
  /** Placement and size of the panel (a centred box or a side sheet). */
  className: string;
  testId?: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  return (
    <>
      <button
        type="button"
        className={triggerClassName}
        aria-label={triggerLabel}
        aria-haspopup="dialog"
        data-testid={triggerTestId}
        onClick={() => dialog.current?.showModal()}
      >
        {trigger}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        data-testid={testId}
        className={`bg-background text-foreground shadow-lg backdrop:bg-black/50 ${className}`}
        onClick={(event) => {
          const target = event.target as Element;
          // The panel fills the dialog, so a click on the dialog element itself is on the backdrop.
          if (target === event.currentTarget || target.closest("a")) event.currentTarget.close();
        }}
      >
        <div className="flex min-h-full flex-col">
          <div className="flex items-center justify-between gap-4 border-b px-4 py-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              aria-label={closeLabel}
              className="rounded-xs p-1 opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              onClick={() => dialog.current?.close()}
            >
              <X aria-hidden className="size-4" />
            </button>
          </div>
          {children}
        </div>
      </dialog>
    </>
  );
}
