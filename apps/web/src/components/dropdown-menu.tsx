/**
 * A disclosure dropdown: a button with aria-expanded that shows a list of links or actions.
 * It closes on Escape (focus goes back to the button), on a click outside, when focus leaves it,
 * and after an item is chosen.
 */
import { createContext, type ReactNode, use, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDismiss } from '#web/hooks/use-dismiss.ts';
import './dropdown-menu.css';

const CloseContext = createContext<() => void>(() => {});

interface DropdownMenuProps {
  label: ReactNode;
  children: ReactNode;
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
  className?: string;
  /** The id of what describes the button beyond its label (an unread count). */
  describedBy?: string | undefined;
}

export function DropdownMenu({ label, children, align = 'start', className, describedBy }: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = () => setOpen(false);
  useDismiss(open, rootRef, (reason) => {
    setOpen(false);
    if (reason === 'escape') buttonRef.current?.focus();
  });

  return (
    <div className={`dropdown${className ? ` ${className}` : ''}`} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="dropdown-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-describedby={describedBy}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {label}
        <span className="caret" aria-hidden="true" />
      </button>
      <ul id={menuId} className={`dropdown-menu dropdown-menu-${align}`} hidden={!open}>
        <CloseContext value={close}>{children}</CloseContext>
      </ul>
    </div>
  );
}

export function DropdownLink({ to, children }: { to: string; children: ReactNode }) {
  const close = use(CloseContext);
  return (
    <li>
      <Link to={to} className="dropdown-item" onClick={close}>
        {children}
      </Link>
    </li>
  );
}

export function DropdownAction({ onSelect, children }: { onSelect: () => void; children: ReactNode }) {
  const close = use(CloseContext);
  return (
    <li>
      <button
        type="button"
        className="dropdown-item"
        onClick={() => {
          close();
          onSelect();
        }}
      >
        {children}
      </button>
    </li>
  );
}

/** A greyed-out entry that cannot be chosen. */
export function DropdownDisabledItem({ children, reason }: { children: ReactNode; reason?: string }) {
  return (
    <li>
      <span className="dropdown-item is-disabled" aria-disabled="true" title={reason}>
        {children}
      </span>
    </li>
  );
}
