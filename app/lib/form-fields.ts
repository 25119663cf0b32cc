// antd-mobile's Input and TextArea, for what loads them when shown (a dialog, a sheet): no screen's first frame
// needs them, and the build puts them in a `form` chunk of their own (decision 099).
export { Input, TextArea } from "antd-mobile";
