#!/usr/bin/env node
// Package bin: registers tsx so the TypeScript CLI runs from any working directory.
import { register } from "tsx/esm/api";

register();
await import("./index.ts");
