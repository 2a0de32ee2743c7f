import type { ReactNode } from 'react';

/** One label/value row of the fact tables in dialogs and info screens; labels take the left half. */
export function InfoRow({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <tr>
      <th scope="row" className="fw-normal text-body-secondary w-50">
        {label}
      </th>
      {/* An empty value (no broker, no SSID) shows a dash rather than a blank cell. */}
      <td className="text-break">{children === '' || children == null ? '–' : children}</td>
    </tr>
  );
}
