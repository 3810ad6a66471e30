import { useCallback, useEffect, useState } from 'react';
import { getConfig, type ConfigDetail } from './api';

export interface UseConfig {
  config: ConfigDetail | undefined;
  loading: boolean;
  failed: boolean;
  /** Loads the config again from the server. */
  reload(): Promise<void>;
  /** Replaces the config with a newer copy (e.g. the PUT answer). */
  setConfig(config: ConfigDetail): void;
}

/** Loads one config (by id or guid) and keeps it; the request is made again when `id` changes. */
export function useConfig(id: string): UseConfig {
  const [config, setConfig] = useState<ConfigDetail>();
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const found = await getConfig(id);
      if (found) {
        setConfig(found);
        setFailed(false);
      }
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }, [id]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { config, loading, failed, reload, setConfig };
}
