import { useFormContext } from 'react-hook-form';
import { ArticlePicker } from '@/components/pickers/ArticlePicker';
import { type BaseFieldProps, useField } from './use-field';

/**
 * An article number picked from the products (issue 9 item 3). `nameField` (e.g. `artikelbezeichnung`) is filled with
 * the product's name when the user picks one and it is empty. Read-only shows the number as text.
 */
export function ArticleField(props: BaseFieldProps & { nameField?: string }) {
  const { field, common } = useField(props);
  const { getValues, setValue } = useFormContext();
  return (
    <ArticlePicker
      {...common}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) || null}
      onChange={(nummer, article) => {
        field.onChange(nummer ?? '');
        if (props.nameField && article && !getValues(props.nameField)) setValue(props.nameField, article.bezeichnung, { shouldDirty: true });
      }}
      onBlur={field.onBlur}
      clearable={!common.readOnly}
    />
  );
}
