import { ErrorBlock } from "#app/components/kit/error-block.tsx";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { getErrorMessage } from "#gateway/errors.ts";
import { ErrorBack } from "#app/components/error-back.tsx";
import { Page } from "#app/components/page.tsx";
import { useToastsMuted } from "#app/lib/use-toasts-muted.ts";
import { positiveParam } from "#app/lib/positive-param.ts";

/** `?id=` of a detail screen, or a 404 for the route's error boundary. */
export function idParam(request: Request, missing: string): number {
  const id = positiveParam(new URL(request.url).searchParams, "id");
  if (!id) throw data(missing, { status: 404 });
  return id;
}

/** A screen whose loader failed: why, and the ways out (back, home). */
export function ScreenError({ title, failed }: { title: string; failed: string }) {
  const error = useRouteError();
  useToastsMuted();
  const description = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : getErrorMessage(error);
  return (
    <Page title={title}>
      <ErrorBlock status="default" title={failed} description={description}>
        <p className="error-actions">
          <ErrorBack />
          <Link className="error-home" to="/home">
            返回首页
          </Link>
        </p>
      </ErrorBlock>
    </Page>
  );
}
