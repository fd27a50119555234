"""The campaign view (Campaign › Manage campaigns…): campaigns, their encounters, the party."""
