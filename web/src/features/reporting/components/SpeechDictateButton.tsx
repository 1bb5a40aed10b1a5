import { Button } from '@mantine/core';
import { IconMicrophone2 } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { toastError } from '../../../shared/ui/toast';
import { recognisedText, speechRecognitionIn, type SpeechRecognitionLike } from '../dictation-rules';

/**
 * Dictate straight into the report (decision 0356): where the browser offers speech recognition (SpeechRecognition or
 * webkitSpeechRecognition), a toggle that inserts each final result at the cursor. Hidden where the browser has none.
 */
export function SpeechDictateButton({ onText, lang = 'en-IN' }: { onText(text: string): void; lang?: string }) {
  const Recognition = typeof window === 'undefined' ? null : speechRecognitionIn(window);
  const [listening, setListening] = useState(false);
  const current = useRef<SpeechRecognitionLike | null>(null);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);

  useEffect(() => () => current.current?.stop(), []);
  if (!Recognition) return null;

  const toggle = () => {
    if (listening) {
      current.current?.stop();
      return;
    }
    const r = new Recognition();
    r.lang = lang;
    r.continuous = true;
    r.interimResults = false;
    r.onresult = (event) => {
      const text = recognisedText(event.results, event.resultIndex);
      if (text) onTextRef.current(text);
    };
    r.onerror = (event) => {
      if (event.error !== 'no-speech' && event.error !== 'aborted')
        toastError(`Speech recognition stopped: ${event.error}`);
    };
    r.onend = () => {
      setListening(false);
      current.current = null;
    };
    current.current = r;
    r.start();
    setListening(true);
  };

  return (
    <Button
      size="xs"
      variant={listening ? 'filled' : 'default'}
      leftSection={<IconMicrophone2 size={16} />}
      onClick={toggle}
      aria-pressed={listening}
      data-testid="speech-dictate"
    >
      {listening ? 'Stop dictating' : 'Dictate'}
    </Button>
  );
}
