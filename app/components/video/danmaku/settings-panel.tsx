import { useId, type ChangeEvent } from "react";
import { Selector } from "#app/components/selector.tsx";
import { danmakuStore } from "#app/stores/danmaku.ts";
import { useStore } from "#app/stores/use-store.ts";
import "./settings-panel.css";

type Density = ReturnType<typeof danmakuStore.get>["density"];

const DENSITY: readonly { label: string; value: Density }[] = [
  { label: "稀疏", value: 25 },
  { label: "适中", value: 50 },
  { label: "密集", value: 100 },
];

/** 弹幕开关, 弹幕密度 and 不透明度, kept on the device. Every control is a native one or the keyboard Selector. */
export function DanmakuSettingsPanel() {
  const { show, density, opacity } = useStore(danmakuStore, (s) => s);
  const id = useId();
  return (
    <div className="danmaku-settings">
      <div className="danmaku-setting">
        <span id={`${id}-show`}>弹幕开关</span>
        <button
          type="button"
          role="switch"
          className="danmaku-switch"
          aria-checked={show}
          aria-labelledby={`${id}-show`}
          onClick={() =>
            danmakuStore.set((s) => {
              s.show = !s.show;
            })
          }
        >
          {show ? "开" : "关"}
        </button>
      </div>
      <div className="danmaku-setting">
        <span id={`${id}-density`}>弹幕密度</span>
        <Selector<Density>
          aria-labelledby={`${id}-density`}
          options={DENSITY}
          value={[density]}
          onChange={([v]) =>
            v &&
            danmakuStore.set((s) => {
              s.density = v;
            })
          }
        />
      </div>
      <div className="danmaku-setting">
        <label htmlFor={`${id}-opacity`}>不透明度</label>
        <span className="danmaku-opacity">
          <input
            id={`${id}-opacity`}
            type="range"
            min={30}
            max={100}
            step={10}
            value={opacity}
            aria-valuetext={`${opacity}%`}
            onChange={(e: ChangeEvent<HTMLInputElement>) =>
              danmakuStore.set((s) => {
                s.opacity = Number(e.target.value);
              })
            }
          />
          <output htmlFor={`${id}-opacity`}>{opacity}%</output>
        </span>
      </div>
    </div>
  );
}
