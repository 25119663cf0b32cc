// antd-mobile's Input and TextArea, for what loads them when shown (a dialog, a sheet): no screen's first frame
// needs them, and the build puts them in a `form` chunk of their own (decision 099). With them, the clear control
// that a keyboard and a screen reader reach (decision 107: it set antd-mobile's config from /my's first frame).
import "#app/lib/antd-input-clear.tsx";

export { Input, TextArea } from "antd-mobile";
