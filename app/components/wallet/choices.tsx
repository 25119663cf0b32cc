import "./wallet.css";

/** One choice of a few, as chips (ways to pay, payout types). */
export function Choices({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { code: string; name: string }[];
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <div className="pay-methods" role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <button key={o.code} type="button" role="radio" aria-checked={value === o.code} onClick={() => onChange(o.code)}>
          {o.name}
        </button>
      ))}
    </div>
  );
}
