import type { ReactNode } from "react";
import "./wallet.css";

export interface Figure {
  value: string | number;
  label: string;
  testId?: string;
}

/** A card of balances (coins, frozen, withdrawable…), each figure over its label, then what acts on them. */
export function WalletCard({ title, figures, children }: { title?: string; figures: Figure[]; children?: ReactNode }) {
  return (
    <section className="wallet-card" aria-label={title ?? "账户"}>
      {title ? <h2>{title}</h2> : null}
      <div className="wallet-figures">
        {figures.map((f) => (
          <div key={f.label}>
            <strong data-testid={f.testId}>{f.value}</strong>
            <span>{f.label}</span>
          </div>
        ))}
      </div>
      {children}
    </section>
  );
}
