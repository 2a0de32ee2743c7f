/**
 * One component maker for every Bootstrap icon the console shows. The build (vite.config.ts,
 * `compactIcons`) turns each `react-bootstrap-icons/dist/icons/<name>` import into a call of `icon` with
 * that icon's shapes, read from the package: the package's own modules repeat the same component code and
 * prop-types once per icon, which every first load paid for. The markup is the package's, attribute for
 * attribute.
 */
import { createElement, forwardRef, type SVGProps } from 'react';

/** An element of the icon: its tag (`path`, `circle`, `rect`) and attributes. */
export type IconShape = [tag: string, attributes: Record<string, string>];

export interface IconProps extends SVGProps<SVGSVGElement> {
  color?: string;
  size?: string | number;
  title?: string | null;
}

export function icon(name: string, shapes: readonly IconShape[]) {
  return forwardRef<SVGSVGElement, IconProps>(function Icon(
    { color = 'currentColor', size = '1em', title = null, className = '', ...rest },
    ref,
  ) {
    return createElement(
      'svg',
      {
        ref,
        xmlns: 'http://www.w3.org/2000/svg',
        viewBox: '0 0 16 16',
        width: size,
        height: size,
        fill: color,
        className: ['bi', name, className].filter(Boolean).join(' '),
        ...rest,
      },
      title ? createElement('title', null, title) : null,
      ...shapes.map(([tag, attributes]) => createElement(tag, attributes)),
    );
  });
}
