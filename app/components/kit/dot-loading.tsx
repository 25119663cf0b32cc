/** Three dots appearing in turn, where antd-mobile's DotLoading was (app.css `.loading-dots`). */
export function DotLoading() {
  return (
    <span className="adm-loading loading-dots" aria-hidden>
      <i />
      <i />
      <i />
    </span>
  );
}
