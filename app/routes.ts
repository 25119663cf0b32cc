import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/splash.tsx"),
  layout("routes/tabs-layout.tsx", [
    route("home", "routes/home.tsx"),
    route("scandalous", "routes/scandalous.tsx"),
    route("resource", "routes/resource.tsx"),
    route("dark_web", "routes/dark-web.tsx"),
    route("post", "routes/post.tsx"),
    route("my", "routes/my.tsx"),
  ]),
  route("login", "routes/login.tsx"),
  route("setting", "routes/setting.tsx"),
  route("info", "routes/info.tsx"),
  route("edit", "routes/edit.tsx"),
  route("updatepwd", "routes/updatepwd.tsx"),
  route("announcement", "routes/announcement.tsx"),
  route("notice", "routes/notice.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
