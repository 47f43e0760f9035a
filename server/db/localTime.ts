/** The portal's time zone: instants are stored in UTC (timestamptz) and shown in China time. */
export const PORTAL_TIME_ZONE = 'Asia/Shanghai';

/** SQL text of a timestamptz column as `YYYY-MM-DD HH24:MI:SS` in China time, whatever the session zone. */
export function localTimeSql(column: string): string {
  return `to_char(${column} at time zone '${PORTAL_TIME_ZONE}', 'YYYY-MM-DD HH24:MI:SS')`;
}
