// Single-icon imports of the icon package: only the icons the console uses reach the bundle, and tests load
// one file each.
declare module 'react-bootstrap-icons/dist/icons/*' {
  import type { Icon } from 'react-bootstrap-icons';

  const icon: Icon;
  export default icon;
}
