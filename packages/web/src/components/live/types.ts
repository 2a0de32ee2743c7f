/** Props every inverter dialog of the live view takes. */
export interface InverterDialogProps {
  serial: string;
  name: string;
  onClose: () => void;
}
