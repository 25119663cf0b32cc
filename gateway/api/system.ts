import { endpoint } from "../client.ts";
import type { GlobalConfig, Message, Notice, OpenAdsAndVersion, Paged, ReportType } from "./types.ts";

export const getConfig = endpoint<void, GlobalConfig>("/api/home/getConfig");
export const getOpenAdsAndVersion = endpoint<void, OpenAdsAndVersion>("/api/home/getOpenAdsAndVersion");
export const reportType = endpoint<void, ReportType[]>("/api/MvDetail/reportType");
export const notice = endpoint<{ page?: number; limit?: number }, Paged<Notice>>("/api/system/notice");
export const getMsg = endpoint<{ page?: number; limit?: number }, Paged<Message>>("/api/system/getMsg");
