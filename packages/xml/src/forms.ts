// `@pips/xml/forms`: forms declared once, built as a tree or compiled into writers of the same bytes.
export {
  array,
  each,
  fixed,
  form,
  named,
  nested,
  text,
  verbatim,
  when,
  type EnvArgument,
  type Field,
  type Form,
  type NamedChildren,
  type NamedValue,
  type TextValue,
  type ValueSchema,
} from './form';
export { compileElement, type CompiledElement } from './compile-form';
