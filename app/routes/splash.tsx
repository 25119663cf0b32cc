import { Button } from "#app/components/kit/button.tsx";
import { redirect, useNavigate } from "react-router";
import { SPLASH_AFF_PARAM } from "#gateway/config.ts";
import { ageConfirmed, confirmAge, NEXT_PARAM } from "#app/lib/age-gate.ts";
import { safeRedirect } from "#app/lib/safe-url.ts";
import { rememberAffCode } from "#app/lib/session.ts";
import type { Route } from "./+types/splash";

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  rememberAffCode(url.searchParams.get(SPLASH_AFF_PARAM) ?? "");
  // Where the visitor was going: a deep link sent here first by early-start.ts.
  const next = safeRedirect(url.searchParams.get(NEXT_PARAM), "/home");
  if (ageConfirmed()) throw redirect(next);
  return { next };
}

export default function Splash({ loaderData: { next } }: Route.ComponentProps) {
  const navigate = useNavigate();
  return (
    <main className="splash">
      <div className="splash-logo">影音</div>
      <section className="age-gate" role="dialog" aria-labelledby="age-title">
        <h1 id="age-title">年满 18 周岁确认</h1>
        <p>本站内容仅面向成年人。继续访问即表示您已年满 18 周岁，并同意遵守当地法律法规。</p>
        <Button
          block
          color="primary"
          size="large"
          onClick={() => {
            confirmAge();
            void navigate(next, { replace: true });
          }}
        >
          我已年满 18 岁，进入
        </Button>
        <Button block fill="outline" size="large" onClick={() => window.location.replace("about:blank")}>
          未满 18 岁，离开
        </Button>
      </section>
    </main>
  );
}

export function meta() {
  return [{ title: "影音 — 年龄确认" }];
}
