import { discoveryHandlers } from "./discovery.ts";
import { searchHandlers } from "./search.ts";
import { videoHandlers } from "./video-calls.ts";

/** What members watch and read, a file per kind (video; later book, novel, picture, audio, game, news), and the ways to find it. */
export const contentHandlers = [...videoHandlers, ...discoveryHandlers, ...searchHandlers];
