import { Command } from "commander";
import { addArticle } from "./add-article.ts";
import { addAudio } from "./add-audio.ts";
import { addComic } from "./add-comic.ts";
import { addNovel } from "./add-novel.ts";
import { addPictures } from "./add-pictures.ts";
import { addVideo } from "./add-video.ts";
import { list } from "./list.ts";
import { remove } from "./remove.ts";
import { set } from "./set.ts";
import { show } from "./show.ts";

// `npm run admin -- content …`: publishing real content (issue 38, decision 084). One file per command.
export const content = new Command("content")
  .description("publish and manage content: add-video, add-comic, …, list, show, set, remove")
  .addCommand(addVideo)
  .addCommand(addAudio)
  .addCommand(addComic)
  .addCommand(addNovel)
  .addCommand(addPictures)
  .addCommand(addArticle)
  .addCommand(list)
  .addCommand(show)
  .addCommand(set)
  .addCommand(remove);
