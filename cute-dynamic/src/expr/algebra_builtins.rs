//! The layout algebra's functions, as built-ins of the expression language.

use cute_core::Result;

use super::Value;

/// Calls the algebra built-in `name`, or returns `None` if `name` is not one.
pub(crate) fn call(
    name: &str,
    args: &[Value],
    kwargs: &[(String, Value)],
    mode: &[i64],
) -> Option<Result<Value>> {
    let _ = (name, args, kwargs, mode);
    None
}
