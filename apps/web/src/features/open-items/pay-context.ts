import { createContext, useContext } from 'react';

/** Opens the "record payment" dialog of the open item on screen (from its header action or its payment history). */
export const PayContext = createContext<{ pay: () => void; canPay: boolean }>({ pay: () => undefined, canPay: false });
export const usePay = () => useContext(PayContext);
