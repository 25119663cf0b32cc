import type { AgentLevel } from "#gateway/api/orders.ts";
import "./wallet.css";

/** The programme's levels as the gateway sets them: share, members and what they earned the member. */
export function AgentLevels({ levels, withIncome = true }: { levels: AgentLevel[]; withIncome?: boolean }) {
  return (
    <table className="agent-levels">
      <thead>
        <tr>
          <th scope="col">级别</th>
          <th scope="col">收益比例</th>
          {withIncome ? <th scope="col">人数</th> : null}
          {withIncome ? <th scope="col">收益（元）</th> : null}
        </tr>
      </thead>
      <tbody>
        {levels.map((l) => (
          <tr key={l.level}>
            <td>{l.level} 级</td>
            <td>{l.percent}%</td>
            {withIncome ? <td>{l.members}</td> : null}
            {withIncome ? <td>{l.income}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
