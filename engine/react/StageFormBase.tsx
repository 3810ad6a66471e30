import { createContext, useContext, type ReactNode } from 'react';
import type { StageController, StageControllerOptions } from './controller';
import { useStageController } from './useStageController';

const StageControllerContext = createContext<StageController | null>(null);

export interface StageFormBaseProps extends StageControllerOptions {
  /** The view: nodes, or a function of the controller. */
  children: ReactNode | ((controller: StageController) => ReactNode);
}

/**
 * UI-free base (react-admin's EditBase pattern): creates the controller and shares it with
 * everything below; any view (rjsf, a test, a custom page) renders inside it.
 * @example <StageFormBase slug="franchises" doc={doc} engine={engine}>{(c) => <Summary controller={c} />}</StageFormBase>
 */
export function StageFormBase({ children, ...options }: StageFormBaseProps) {
  const controller = useStageController(options);
  return (
    <StageControllerContext.Provider value={controller}>
      {typeof children === 'function' ? children(controller) : children}
    </StageControllerContext.Provider>
  );
}

/**
 * The controller of the surrounding StageFormBase.
 * @example const controller = useStageContext();
 */
export function useStageContext(): StageController {
  const c = useContext(StageControllerContext);
  if (!c) throw new Error('useStageContext must be used inside <StageFormBase> or <StageForm>.');
  return c;
}
