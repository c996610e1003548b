import type { ReactNode } from 'react';

export type MessageVariant = 'info' | 'success' | 'danger';

interface MessageBoxProps {
  variant?: MessageVariant;
  children: ReactNode;
}

/** A coloured notice; 'danger' is the red error box of spec section 8 and is announced at once. */
export function MessageBox({ variant = 'info', children }: MessageBoxProps) {
  return (
    <div className={`alert alert-${variant}`} role={variant === 'danger' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
