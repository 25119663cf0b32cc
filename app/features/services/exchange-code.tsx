import { Button } from "#app/components/kit/button.tsx";
import { List } from "#app/components/kit/list.tsx";
import { lazy, Suspense, useState } from "react";
import { useRevalidator } from "react-router";
import { accounts, services } from "#gateway/api/index.ts";
import { Sheet } from "#app/components/sheet.tsx";
import { toast } from "#app/lib/feedback.ts";
import { quietApi } from "#app/lib/gateway.ts";
import "#app/components/services/services.css";
import { FormError, useSubmit } from "#app/components/services/use-submit.tsx";

// The field loads when the sheet is asked for: /my's first frame has no input.
const loadFields = () => import("#app/lib/form-fields.ts");
const Input = lazy(() => loadFields().then((m) => ({ default: m.Input })));

/**
 * 兑换码: a row of /my that opens a sheet to redeem a code (coins, VIP days or vouchers). A refused code keeps
 * what was typed and says why beside it.
 */
export function ExchangeCodeItem() {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const { pending, error, setError, run, onSubmit, submission } = useSubmit();
  const revalidator = useRevalidator();
  const redeem = () => {
    const typed = code.trim();
    if (!typed) return setError("请输入兑换码");
    return run(async () => {
      const r = await quietApi(accounts.exchangeCode, { code: typed, request_id: submission.idFor({ code: typed }) });
      toast(`兑换成功，获得 ${services.exchangeGift(r)}`, "success");
      setCode("");
      setOpen(false);
      void revalidator.revalidate();
    });
  };
  return (
    <>
      {/* A real button, stretched over the row like LinkItem's link: a List.Item's own onClick is not focusable. */}
      <List.Item arrow className="link-item">
        <button type="button" className="row-button" onClick={() => (void loadFields(), setOpen(true))}>
          兑换码
        </button>
      </List.Item>
      <Sheet visible={open} onClose={() => setOpen(false)} title="兑换码">
        <form className="services-form" onSubmit={onSubmit(redeem)}>
          <Suspense fallback={<div className="adm-input" />}>
            <Input value={code} onChange={setCode} maxLength={accounts.MAX_EXCHANGE_CODE} placeholder="请输入兑换码" aria-label="兑换码" clearable />
          </Suspense>
          <FormError error={error} />
          <Button type="submit" color="primary" block loading={pending}>
            立即兑换
          </Button>
          <p className="share-hint">兑换码可领取金币、VIP 天数或观影券，每个兑换码只能使用一次。</p>
        </form>
      </Sheet>
    </>
  );
}
